-- pgbench script: the database work of one PLACE_ORDER (libs/infrastructure's order repository),
-- in two transactions as the app does it: reserve, then complete. Used by tools/bench (npm run bench).
\set customer random(1, 100000)
BEGIN;
INSERT INTO bench_orders (number, customer_id, basket_reference, status, gateway, locale, currency, tax_inclusive, net_minor, tax_minor, gross_minor, billing_address)
  SELECT 'AFS-' || lpad(nextval('bench_order_numbers')::text, 8, '0'), :customer, reference, 'pending', 'braintree', 'en-gb', 'GBP', true, 5000, 1000, 6000,
         '{"line_1":"1 Infinite Loop","city":"Nottingham","postal_code":"NG1 1AA","country":"GB"}'::jsonb
  FROM bench_baskets WHERE customer_id = :customer;
INSERT INTO bench_order_lines (order_number, position, product_reference, product_name, quantity, unit_price_minor, total_minor)
  VALUES ('AFS-' || lpad(currval('bench_order_numbers')::text, 8, '0'), 0, 'photo-2-desktop', 'Affinity Photo 2', 1, 6000, 6000);
END;
BEGIN;
UPDATE bench_orders SET status = 'paid', paid_at = now(), transaction_id = 'bench' WHERE number = 'AFS-' || lpad(currval('bench_order_numbers')::text, 8, '0') AND status = 'pending';
INSERT INTO bench_product_keys (key, order_number, line_position) VALUES (gen_random_uuid()::text, 'AFS-' || lpad(currval('bench_order_numbers')::text, 8, '0'), 0);
UPDATE bench_baskets SET ordered_at = now() WHERE customer_id = :customer;
DELETE FROM bench_payment_states WHERE basket_customer = :customer;
INSERT INTO bench_outbox (id, recipient, subject, text_body) VALUES (gen_random_uuid(), 'bench@example.com', 'Your order', repeat('Thank you for your order. ', 40));
END;
