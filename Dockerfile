# One image, three commands (ROLE=api | projector | worker): see docker-compose.yml.
# Build stage: every dependency, the two web apps and the services compiled to JavaScript.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/contracts/package.json services/contracts/
COPY services/platform/package.json services/platform/
COPY services/domain/package.json services/domain/
COPY services/workers/package.json services/workers/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm ci
COPY . .
RUN npm run build && npm run build:services

# Final stage: production dependencies of the services and of the member console's server bundle, and the compiled output. No tsx,
# no TypeScript sources, no dev dependencies.
FROM node:20.19-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/contracts/package.json services/contracts/
COPY services/platform/package.json services/platform/
COPY services/domain/package.json services/domain/
COPY services/workers/package.json services/workers/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace services/contracts --workspace services/platform --workspace services/domain --workspace services/workers \
      --workspace services/api --workspace projections --workspace web-member \
  && npm cache clean --force
COPY --from=build /app/services/api/dist services/api/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/web-member/dist web-member/dist
# The public pages are drawn on the server by web-member's server bundle (docs/prerender.md), which
# imports react, react-dom/server and the rest of web-member's production dependencies (installed above).
COPY --from=build /app/web-member/dist-server web-member/dist-server
COPY --from=build /app/web-admin/dist web-admin/dist
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "services/api/dist/main.js"]
