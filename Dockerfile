# Tickler's production image: compiled JavaScript on Node 24, production dependencies only.
#   docker build -t tickler .
#   docker run -d -p 3000:3000 -v tickler-data:/data tickler
# docs/deployment.md says how to run it, with TLS, PostgreSQL, Redis and several instances.

FROM node:24-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Dependencies first, so a change to the sources does not recompile better-sqlite3.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY . .
# The install scripts skipped above (Prisma clients, and whatever else postinstall builds), then the
# build (the type check, then esbuild's bundle into dist/: its JavaScript API finds its binary in the
# platform package npm ci installed, install scripts or not), then drop everything the running service
# does not need: the Prisma CLI, TypeScript, tsx, vite, esbuild (all dev dependencies) and optional
# packages for other platforms.
RUN npm run postinstall \
 && npm run build \
 && npm prune --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && mkdir -p web/dist
# What no running service reads (about 150 MB): type declarations and source maps (the bundle's too);
# better-sqlite3's sources and object files (the addon is build/Release/better_sqlite3.node); Prisma's
# query compilers for databases Tickler does not use; tesseract's browser builds (*.wasm.js: the
# WebAssembly inlined in JavaScript; Node loads the .js/.wasm pairs).
RUN find node_modules dist \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) -type f -delete \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
      node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target \
      node_modules/better-sqlite3/build/Release/.deps node_modules/better-sqlite3/build/Release/sqlite3.a \
      node_modules/better-sqlite3/build/Release/test_extension.node node_modules/better-sqlite3/build/deps \
 && rm -f node_modules/@prisma/client/runtime/*cockroachdb* node_modules/@prisma/client/runtime/*mysql* \
      node_modules/@prisma/client/runtime/*sqlserver* \
 && rm -f node_modules/tesseract.js-core/*.wasm.js

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The CLI on PATH for `docker exec <container> tickler token --user alice`; a data directory the
# unprivileged user owns (a named volume mounted there starts with this owner).
RUN ln -s /app/bin/tickler.js /usr/local/bin/tickler \
 && mkdir -p /data \
 && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Slim images have no curl: node asks /readyz (503 while the database or auth is unavailable, or draining).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 (no npm or shell in between), so SIGTERM from `docker stop` reaches the service.
ENTRYPOINT ["node", "/app/bin/tickler.js"]
CMD ["serve"]
