import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

export const products = new Hono<AppEnv>();
