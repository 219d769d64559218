import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * A delete called on a loop variable over a walk of a literal folder (`[p.unlink() for p in Path('build').glob('*.o')]`)
 * is that folder deleted recursively, as an `os.walk` root already was; a module bound to a plain name (`d = os`)
 * is that module (ADR 0574). [command, permissive, guard]
 */
const RD: Expect = { check: "recursive-delete-root" };
const ROWS: readonly ClassRow[] = [
  [`python3 -c "from pathlib import Path; [p.unlink() for p in Path('build').glob('*.o')]"`, "allow", "allow"],
  [`python3 -c "from pathlib import Path; [p.unlink() for p in Path('build').rglob('*.pyc')]"`, "allow", "allow"],
  [`python3 -c "import pathlib; [p.unlink() for p in pathlib.Path('dist').iterdir()]"`, "allow", "allow"],
  [`python3 -c "from pathlib import Path; [p.unlink() for p in Path('src').glob('*.py')]"`, "ask", "ask"],
  [`python3 -c "from pathlib import Path; [p.unlink() for p in Path('/etc').glob('*.conf')]"`, "deny", "deny"],
  [`python3 -c "from pathlib import Path; [p.unlink() for p in Path.home().glob('*')]"`, RD, RD],
  [`python3 -c "import json; [p.unlink() for p in json.load(open('list.json'))]"`, "deny", "deny"],
  [`python3 -c "import os; d = os; d.remove('/etc/hosts')"`, "deny", "deny"],
  [`python3 -c "import os; x = os; x.system('rm -rf ~')"`, RD, RD],
  [
    `node -e "const fs = require('fs'); const r = fs.rmSync; r('/home/dev/Documents', {recursive: true})"`,
    "deny",
    "deny",
  ],
  [`python3 -c "import json; data = json; print(data.dumps({}))"`, "allow", "allow"],
];

classTable("deletes on loop variables and modules bound to names", ROWS);
