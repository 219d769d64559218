/**
 * What a chmod mode word grants. Small regexes over ONE word (a mode), never over command text: octal
 * (`4755`, `0777`), symbolic clauses (`u+s`, `go-rwx`, `a=rwx,o+w`, `u=rwx+s`) and numbers after an operator
 * (`=4755`, `+2000`).
 */
export interface ModeFacts {
  /** Sets the setuid or setgid bit. */
  readonly setid: boolean;
  /** Grants write to others. */
  readonly worldWritable: boolean;
  /** Only takes permissions away from group/others, or leaves them empty (`600`, `go-rwx`, `u=rw,go=`). */
  readonly restrictive: boolean;
}

const OCTAL = /^0*([0-7]{1,4})$/;
/** One clause: who, then one or more actions (`u+s`, `u=rwx+s`, `=4755`, `g=u`). */
const CLAUSE = /^([ugoa]*)((?:[-+=](?:[0-7]+|[ugo]|[rwxXst]*))+)$/;
const ACTION = /([-+=])([0-7]+|[ugo]|[rwxXst]*)/g;

export function modeFacts(mode: string): ModeFacts {
  const octal = OCTAL.exec(mode);
  if (octal !== null) return octalFacts(octal[1]!, "=");
  let setid = false;
  let worldWritable = false;
  let restrictive = true;
  for (const clause of mode.split(",")) {
    const m = CLAUSE.exec(clause);
    if (m === null) return { setid: false, worldWritable: false, restrictive: false }; // not a mode we read
    const [, who = "", actions = ""] = m;
    for (const [, op = "", perms = ""] of actions.matchAll(ACTION)) {
      // A numeric action (`=4755`, `+2000`) is an absolute mode given with an operator.
      if (/^[0-7]+$/.test(perms)) {
        const f = octalFacts(perms, op);
        setid ||= f.setid;
        worldWritable ||= f.worldWritable;
        restrictive &&= f.restrictive;
        continue;
      }
      const grants = op !== "-" && perms !== "";
      const reachesOthers = who === "" || who.includes("o") || who.includes("a");
      if (grants && perms.includes("s")) setid = true;
      if (grants && reachesOthers && who !== "" && perms.includes("w")) worldWritable = true;
      if (grants && (who === "" || /[goa]/.test(who))) restrictive = false;
    }
  }
  return { setid, worldWritable, restrictive };
}

/** Octal digits given with an operator (`=` for a plain number): what they grant when added or set. */
function octalFacts(digitsText: string, op: string): ModeFacts {
  const digits = digitsText.padStart(4, "0");
  const special = Number(digits[0]);
  const group = Number(digits[2]);
  const other = Number(digits[3]);
  const grants = op !== "-";
  return {
    setid: grants && (special & 6) !== 0,
    worldWritable: grants && (other & 2) !== 0,
    restrictive: !grants || ((special & 6) === 0 && group === 0 && other === 0),
  };
}
