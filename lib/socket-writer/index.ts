export { type RemoteSink, SocketWriter } from "./socket-writer.js";
