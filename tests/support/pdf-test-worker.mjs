// A stand-in PDF worker for the pool's own tests (app/features/pdf/pdf-pool.server.test.ts): each
// request kind misbehaves the way a real document might.
export default async function misbehave(request) {
  switch (request.kind) {
    case "hang":
      for (;;); // a document stuck in a loop: only terminating the thread stops it
    case "throw-later":
      // An exception in a callback no promise or try reaches, as pdfkit's PNG decoder throws in zlib's.
      setImmediate(() => {
        throw new Error("thrown where no try reaches");
      });
      return new Promise(() => {});
    case "memory": {
      const hoard = [];
      for (;;) hoard.push(new Array(100_000).fill(Math.random()));
    }
    default:
      return new TextEncoder().encode(`%PDF ${request.kind} from thread ${process.pid}`);
  }
}
