/**
 * What a chmod mode word grants. Small regexes over ONE word (a mode), never over command text: octal
 * (`4755`, `0777`) and symbolic clauses (`u+s`, `go-rwx`, `a=rwx,o+w`).
 */
export interface ModeFacts {
  /** Sets the setuid or setgid bit. */
  readonly setid: boolean;
  /** Grants write to others. */
  readonly worldWritable: boolean;
  /** Only takes permissions away from group/others, or leaves them empty (`600`, `go-rwx`, `u=rw,go=`). */
  readonly restrictive: boolean;
}

const OCTAL = /^0*([0-7]{3,4})$/;
const CLAUSE = /^([ugoa]*)([-+=])([rwxXst]*|[ugo])$/;

export function modeFacts(mode: string): ModeFacts {
  const octal = OCTAL.exec(mode);
  if (octal !== null) {
    const digits = octal[1]!.padStart(4, "0");
    const special = Number(digits[0]);
    const group = Number(digits[2]);
    const other = Number(digits[3]);
    return {
      setid: (special & 6) !== 0,
      worldWritable: (other & 2) !== 0,
      restrictive: (special & 6) === 0 && group === 0 && other === 0,
    };
  }
  let setid = false;
  let worldWritable = false;
  let restrictive = true;
  for (const clause of mode.split(",")) {
    const m = CLAUSE.exec(clause);
    if (m === null) return { setid: false, worldWritable: false, restrictive: false }; // not a mode we read
    const [, who = "", op, perms = ""] = m;
    const grants = op !== "-" && perms !== "";
    const reachesOthers = who === "" || who.includes("o") || who.includes("a");
    if (grants && perms.includes("s")) setid = true;
    if (grants && reachesOthers && who !== "" && perms.includes("w")) worldWritable = true;
    if (grants && (who === "" || /[goa]/.test(who))) restrictive = false;
  }
  return { setid, worldWritable, restrictive };
}
