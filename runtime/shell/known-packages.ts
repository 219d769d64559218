/**
 * Packages a package runner may fetch without a new look (docs/adr/0372): the everyday command-line tools of the
 * JavaScript and Python ecosystems, usually the project's own dev dependencies (`npx tsc`, `bunx vitest`, `uvx
 * ruff`), the most used Python libraries (`uv run --with requests`), and the scopes whose names their owners hold
 * (`@biomejs/biome`). A name a runner fetches that is not one
 * of these is a new dependency nobody has seen (a typosquat, a fresh package): the runner label says so.
 *
 * A list of good names cannot vouch for a name's code, only for what it is: the real well-known tool, never a
 * look-alike. An attacker who writes one of these names gets that tool.
 */

const JS_TOOLS = `
tsc typescript tsx ts-node esno jiti vite-node vitest jest mocha ava c8 nyc tap uvu karma jasmine cypress playwright
prettier eslint eslint_d biome oxlint stylelint markdownlint markdownlint-cli markdownlint-cli2 commitlint lint-staged
husky knip depcheck madge prisma drizzle-kit knex sequelize sequelize-cli typeorm mikro-orm vite next nuxt nuxi astro
svelte-kit svelte-check vue-tsc ng react-scripts webpack webpack-cli rollup esbuild swc parcel turbo nx lerna
changeset tsup unbuild tailwindcss postcss serve http-server nodemon concurrently cross-env rimraf del-cli
npm-check-updates ncu typedoc storybook sb wrangler vercel netlify netlify-cli firebase firebase-tools expo
react-native electron electron-builder zx semantic-release release-it np localtunnel patch-package
openapi-typescript graphql-codegen size-limit license-checker degit create-vite create-next-app create-react-app
create-svelte create-astro create-remix create-t3-app create-expo-app create-nx-workspace create-turbo create-vue
nest ember gatsby remix docusaurus eleventy pm2 ts-jest ts-prune json-server tsc-watch npm pnpm yarn corepack
rules rulegate
`;

/** npm scopes held by the projects that publish under them. */
const JS_SCOPES = `
@biomejs @angular @nestjs @playwright @storybook @vue @sveltejs @tailwindcss @changesets @prisma @aws-cdk @vercel
@cloudflare @google-cloud @azure @graphql-codegen @openapitools @redocly @11ty @astrojs @remix-run @nrwl @nx @swc
@babel @typescript-eslint @eslint @modelcontextprotocol @anthropic-ai @microsoft @vitejs @vitest @expo @react-native
@react-native-community @ionic @capacitor @nuxt @netlify @sentry @datadog @stripe @supabase @firebase @octokit
`;

const PY_TOOLS = `
ruff black isort flake8 pylint mypy pyright pytest tox nox pre-commit poetry pdm hatch twine build cookiecutter
copier httpie ipython jupyter jupyterlab notebook coverage bandit safety pip-audit pip-tools pipdeptree sphinx mkdocs
yamllint codespell commitizen semgrep sqlfluff ansible ansible-lint cfn-lint pyupgrade autoflake docformatter vulture
radon interrogate uv pycowsay cowsay ty mdformat nbqa tomli pip setuptools wheel virtualenv pipenv alembic
django-admin datasette llm
requests numpy pandas rich httpx pyyaml click typer pydantic matplotlib scipy beautifulsoup4 lxml jinja2 pillow
openai anthropic boto3 fastapi uvicorn flask django sqlalchemy psycopg psycopg2-binary aiohttp tqdm python-dotenv
pyarrow polars scikit-learn torch ipykernel tabulate toml tomlkit attrs
`;

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter((w) => w !== ""));
const JS: ReadonlySet<string> = words(JS_TOOLS);
const SCOPES: ReadonlySet<string> = words(JS_SCOPES);
const PY: ReadonlySet<string> = words(PY_TOOLS);

export type Ecosystem = "js" | "python";

/** Whether a runner fetching this package (or command) name fetches a tool everybody knows. */
export function wellKnownPackage(name: string, ecosystem: Ecosystem): boolean {
  if (ecosystem === "python") return PY.has(name.toLowerCase().replaceAll("_", "-"));
  const scope = /^(@[^/\s]+)\/[^/\s]+$/.exec(name);
  if (scope !== null) return SCOPES.has(scope[1]!.toLowerCase());
  return JS.has(name);
}
