# One image for every service; the command picks the mode (all, command-service, read-api, projector).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY infra/package.json infra/
COPY command-service/package.json command-service/
COPY projector/package.json projector/
COPY read-api/package.json read-api/
COPY ui/package.json ui/
COPY server/package.json server/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "server/src/main.ts", "all"]
