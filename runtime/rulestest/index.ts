/** Policy test files (`*.rulestest.yaml`), run by `rules test` and by the vitest suite through the same code. */
export { countCases, runTestFile, type FileResult, type Mismatch } from "./run.ts";
export { parseTestFile, type TestCase, type TestFile, type TestStep } from "./file.ts";
export { scriptedModel, type ModelScript } from "./scripted-model.ts";
