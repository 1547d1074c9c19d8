// GET /api/sesion: lets the client obtain the XSRF-TOKEN cookie (set by the xsrf middleware)
// before its first POST.
import { Hono } from 'hono'
import type { AppEnv } from '../contexto.ts'

export const sesionRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ ok: true }))
