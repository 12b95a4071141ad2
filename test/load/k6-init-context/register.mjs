// Registers hooks.mjs: `node --import tsx --import ./register.mjs init-context.ts <script> <env JSON>`.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
