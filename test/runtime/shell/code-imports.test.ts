import { describe, expect, test } from "vitest";
import { resolveNames } from "../../../runtime/shell/code-imports.ts";
import type { Language } from "../../../runtime/shell/interpreters.ts";

describe("imported names and aliases read as the module functions they are (docs/adr/0507)", () => {
  test.each<[Language, string, string]>([
    ["python", "from os import unlink; unlink('/etc/passwd')", "from os import unlink; os.unlink('/etc/passwd')"],
    ["python", "from os import system as s; s('id')", "from os import system as s; os.system('id')"],
    ["python", "from shutil import rmtree as r; r('/x')", "from shutil import rmtree as r; shutil.rmtree('/x')"],
    ["python", "from os import (remove,\n walk)\nremove(p)", "from os import (remove,\n walk)\nos.remove(p)"],
    ["python", "import shutil as sh; sh.rmtree('/x')", "import shutil as sh; shutil.rmtree('/x')"],
    ["python", "from os import *; chmod('/etc/sudoers', 0o666)", "from os import *; os.chmod('/etc/sudoers', 0o666)"],
    ["python", "getattr(__import__('os'),'remove')('/x')", "os.remove('/x')"],
    ["python", "__import__('shutil').rmtree('/x')", "shutil.rmtree('/x')"],
    ["python", "import importlib; importlib.import_module('os').unlink('/x')", "import importlib; os.unlink('/x')"],
    ["python", "r = shutil.rmtree; r('/x')", "r = shutil.rmtree; shutil.rmtree('/x')"],
    // ADR 0574: a module bound to a plain name is that module.
    ["python", "import os; d = os; d.remove('/x')", "import os; d = os; os.remove('/x')"],
    ["python", "import os as o; d = o; d.unlink('/x')", "import os as o; d = o; os.unlink('/x')"],
    [
      "javascript",
      "const fs = require('fs'); const r = fs.rmSync; r('/x')",
      "const fs = require('fs'); const r = fs.rmSync; fs.rmSync('/x')",
    ],
    ["javascript", "const {rmSync: r} = require('fs'); r('/x')", "const {rmSync: r} = require('fs'); fs.rmSync('/x')"],
    [
      "javascript",
      "import {rmSync as r} from 'node:fs'; r('/x')",
      "import {rmSync as r} from 'node:fs'; fs.rmSync('/x')",
    ],
    ["javascript", "const f = require('fs'); f['rm'+'Sync']('/x')", "const f = require('fs'); fs.rmSync('/x')"],
    ["javascript", "const r = require('fs').rmSync; r('/x')", "const r = require('fs').rmSync; fs.rmSync('/x')"],
    ["ruby", "include FileUtils; rm_rf '/x'", "include FileUtils; FileUtils.rm_rf '/x'"],
    // ADR 0530: an alias statement calls nothing; its uses are the method they rename.
    ["ruby", "alias r system; r 'id'", "nil; system 'id'"],
    ["ruby", "alias_method :r, :system; r('id')", "nil; system('id')"],
    ["perl", "POSIX::unlink('/x'); CORE::rmdir('/y')", "unlink('/x'); rmdir('/y')"],
    ["perl", "use POSIX; remove('/x')", "use POSIX; unlink('/x')"],
  ])("%s: %s", (language, code, want) => {
    expect(resolveNames(language, code)).toBe(want);
  });

  test.each<[Language, string]>([
    ["python", "import os; print(os.getcwd())"],
    ["python", "from os import *; print(open('x').read())"],
    ["python", "s = 'from os import x'; print(s)"],
    ["javascript", "console.log(require('fs').readFileSync('a'))"],
    ["ruby", "include FileUtils; puts 'x'"],
    ["perl", "print 'POSIX::unlink'"],
  ])("%s: %s is left as written", (language, code) => {
    expect(resolveNames(language, code)).toBe(code);
  });
});
