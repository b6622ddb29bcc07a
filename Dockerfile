# One image, three commands (ROLE=api | projector | worker): see docker-compose.yml.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/platform/package.json services/platform/
COPY services/domain/package.json services/domain/
COPY services/workers/package.json services/workers/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20.19-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "services/api/src/main.ts"]
