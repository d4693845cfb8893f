import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const sysVars = new Hono<AppEnv>();
