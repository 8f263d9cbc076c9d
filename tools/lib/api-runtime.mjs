// How the API's Node runs, wherever this project starts it (npm start, npm run bench); a deployment
// sets the same through NODE_OPTIONS. The old-space limit makes V8 collect before the heap balloons:
// under load the API's resident memory otherwise grew from about 150 MB idle to over 300 MB of
// garbage not yet collected (tools/bench, 50-100 connections); its live heap is a few tens of MB.
export const API_NODE_OPTIONS = ['--max-old-space-size=256'];
