import { contractSuite } from "../../src/suite.js";

contractSuite("upload");
