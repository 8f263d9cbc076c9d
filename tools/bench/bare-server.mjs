// The HTTP ceiling: a bare node:http server answering every request with a fixed JSON body, about
// the size of the API's GET /health/live answer. Run as its own process under the Node binary
// being measured; tells the parent its port over IPC.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', info: {}, error: {}, details: {} });
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: server.address().port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
