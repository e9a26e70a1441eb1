// Serves the built web app from the same address as the API: hashed assets cached for a year,
// index.html never cached, and every other GET that is not an API path answered with index.html
// so that the client router renders it (a deep link, a reload).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/jsonrpc', '/rest/', '/v1/', '/v2/', '/batch/', '/builds/', '/health/', '/get-lid'];

export async function readBuildId(distDir: string): Promise<string | undefined> {
  try {
    const meta = JSON.parse(await fs.readFile(path.join(distDir, 'build.json'), 'utf8')) as {
      buildId?: unknown;
    };
    return typeof meta.buildId === 'string' ? meta.buildId : undefined;
  } catch {
    return undefined;
  }
}

export async function webRoutes(app: FastifyInstance, opts: { distDir: string }) {
  const index = path.join(opts.distDir, 'index.html');
  const hasBuild = await fs.access(index).then(
    () => true,
    () => false,
  );
  if (!hasBuild) {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('Веб-приложение не собрано: выполните npm run build -w apps/web (npm start делает это сам).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const html = await fs.readFile(index);
  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      req.method === 'GET' &&
      !API_PREFIXES.some((p) => req.url.startsWith(p)) &&
      !/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!);
    if (!isPage) return reply.status(404).send({ error: { code: 50404, message: 'Не найдено' } });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
