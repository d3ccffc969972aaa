// workerd: a module worker that runs the program on each request and answers its report.
import { run } from "xads-smoke:program";

export default {
  async fetch(): Promise<Response> {
    return Response.json(await run());
  },
};
