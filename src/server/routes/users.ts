import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const users = new Hono<AppEnv>();
