// Writes src/generated/oss.json: every package the web app ships (the production dependency tree of apps/web,
// resolved in node_modules the way Node resolves it), with version, licence and repository, for the /OSS page.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '..');
const outFile = path.join(webDir, 'src/generated/oss.json');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The directory of package `name` as required from `fromDir`: the nearest node_modules upwards. */
function resolvePackage(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return path.dirname(realpathSync(candidate));
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license === 'object' && pkg.license.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) {
    return (
      pkg.licenses
        .map((l) => (typeof l === 'string' ? l : l.type))
        .filter(Boolean)
        .join(' OR ') || 'UNKNOWN'
    );
  }
  return 'UNKNOWN';
}

function repositoryOf(pkg) {
  let repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (repo) {
    repo = repo
      .replace(/^git\+/, '')
      .replace(/\.git$/, '')
      .replace(/^git:\/\//, 'https://');
    repo = repo
      .replace(/^ssh:\/\/git@github\.com\//, 'https://github.com/')
      .replace(/^git@github\.com:/, 'https://github.com/');
    // npm shorthand: "github:user/repo" or "user/repo".
    if (/^github:/.test(repo)) repo = `https://github.com/${repo.slice(7)}`;
    else if (/^[\w.-]+\/[\w.-]+$/.test(repo)) repo = `https://github.com/${repo}`;
  }
  return repo || null;
}

const found = new Map();
const visited = new Set();

function walk(dir, isRoot) {
  const real = realpathSync(dir);
  if (visited.has(real)) return;
  visited.add(real);
  const pkg = readJson(path.join(real, 'package.json'));
  // Our own workspace packages are the app itself, not third-party software.
  if (!isRoot && !pkg.private) {
    const key = `${pkg.name}@${pkg.version}`;
    if (!found.has(key)) {
      found.set(key, {
        name: pkg.name,
        version: pkg.version,
        license: licenseOf(pkg),
        repository: repositoryOf(pkg),
        homepage: typeof pkg.homepage === 'string' ? pkg.homepage : null,
      });
    }
  }
  const deps = { ...pkg.dependencies, ...pkg.optionalDependencies };
  for (const name of Object.keys(deps)) {
    const depDir = resolvePackage(name, real);
    // An optional dependency for another platform is simply not installed.
    if (depDir) walk(depDir, false);
  }
}

walk(webDir, true);
const packages = [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(packages, null, 1)}\n`);
console.log(`oss-notice: ${packages.length} packages → ${path.relative(process.cwd(), outFile)}`);
