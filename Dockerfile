# syntax=docker/dockerfile:1
# Build: install with the lockfile, build the web client and bundle the API.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY db/package.json db/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build && pnpm --filter @hotel/api deploy --prod --legacy /out/api

# Run: only production dependencies, the bundles, the migrations and the demo definitions; not root.
FROM node:20-bookworm-slim AS run
# HOST: the published port reaches the API only if it listens on every interface of the container.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /out/api/node_modules apps/api/node_modules
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/db/migrations db/migrations
COPY --from=build /app/db/demo db/demo
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A heap limit below 2 GB keeps V8 from letting garbage grow to four times what is live, and a 128 MB start of the old
# generation keeps it from marking the whole heap every 20 MB promoted (apps/api/src/server.ts, workerExecArgv).
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "--initial-old-space-size=128", "apps/api/dist/main.js"]
