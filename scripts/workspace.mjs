// The workspace's published packages in dependency order, read from their package.json files.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export function readPackages(root = 'packages') {
  return readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'package.json')))
    .map((d) => ({
      dir: join(root, d),
      pkg: JSON.parse(readFileSync(join(root, d, 'package.json'), 'utf8')),
    }));
}

/** Packages sorted so that each comes after the workspace packages it depends on. */
export function inDependencyOrder(packages) {
  const byName = new Map(packages.map((p) => [p.pkg.name, p]));
  const done = new Set();
  const out = [];
  const visit = (p) => {
    if (done.has(p.pkg.name)) return;
    done.add(p.pkg.name);
    for (const dep of Object.keys({ ...p.pkg.dependencies, ...p.pkg.peerDependencies })) {
      const d = byName.get(dep);
      if (d) visit(d);
    }
    out.push(p);
  };
  packages.forEach(visit);
  return out;
}
