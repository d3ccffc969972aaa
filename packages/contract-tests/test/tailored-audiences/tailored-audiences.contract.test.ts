import { contractSuite } from "../../src/suite.js";

contractSuite("tailored-audiences");
