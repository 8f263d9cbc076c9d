# syntax=docker/dockerfile:1
# Production image: the API serving the built web app. PostgreSQL runs beside it (docker-compose.yml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY . .
RUN npm ci --no-audit --no-fund \
 && node tools/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/domain/package.json ./libs/domain/package.json
COPY --from=build /app/libs/domain/dist ./libs/domain/dist
COPY --from=build /app/libs/application/package.json ./libs/application/package.json
COPY --from=build /app/libs/application/dist ./libs/application/dist
COPY --from=build /app/libs/infrastructure/package.json ./libs/infrastructure/package.json
COPY --from=build /app/libs/infrastructure/dist ./libs/infrastructure/dist
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run before the server takes traffic. The demo catalogue is seeded only with
# SEED_DEMO_CATALOGUE=true (the migration command reads it: apps/api/src/cli/migrate-command.ts).
# The heap limit tools/lib/api-runtime.mjs gives the API (npm start, npm run bench): see docs/benchmarks.md.
CMD ["sh", "-c", "node apps/api/dist/cli.js migrate && exec node --max-old-space-size=256 apps/api/dist/main.js"]
