import { auditPath } from './audit';
import { isEmptySearch, searchPath } from './orders';

describe("the back office's search addresses (api/orders.ts, api/audit.ts)", () => {
  it('sends only what was filled in, trimmed and encoded', () => {
    expect(searchPath({ q: '  ada+test@example.com ', from: '', to: '' })).toBe('/data/admin/orders?q=ada%2Btest%40example.com');
    expect(searchPath({ q: '', from: '2026-11-01', to: '2026-11-27' })).toBe('/data/admin/orders?from=2026-11-01&to=2026-11-27');
  });

  it('calls a search of spaces empty, so the page asks for something before calling', () => {
    expect(isEmptySearch({ q: '   ', from: '', to: '' })).toBe(true);
    expect(isEmptySearch({ q: '', from: '2026-11-01', to: '' })).toBe(false);
  });

  it('asks for the whole audit log without filters, and for the entries before one by its id', () => {
    expect(auditPath({ subject_type: '', subject_id: '', operator_id: '', before: '' })).toBe('/data/admin/audit');
    expect(auditPath({ subject_type: 'order', subject_id: ' AFS-00000012 ', operator_id: '', before: '120' })).toBe('/data/admin/audit?subject_type=order&subject_id=AFS-00000012&before=120');
  });
});
