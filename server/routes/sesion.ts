// GET /api/sesion: lets the client obtain the XSRF-TOKEN cookie (set by the xsrf middleware)
// before its first POST.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'

export const rutasSesion = new Hono<EntornoApp>().get('/', (c) => c.json({ ok: true }))
