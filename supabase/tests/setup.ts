import WebSocket from 'ws';

// supabase-js builds its realtime client eagerly and Node 20 has no global WebSocket.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
