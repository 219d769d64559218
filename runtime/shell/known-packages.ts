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
changeset tsup unbuild tailwindcss postcss serve http-server nodemon concurrently cross-env rimraf del-cli shx
npm-check-updates ncu typedoc storybook sb wrangler vercel netlify netlify-cli firebase firebase-tools expo
react-native electron electron-builder zx semantic-release release-it np localtunnel patch-package
openapi-typescript graphql-codegen size-limit license-checker degit create-vite create-next-app create-react-app
create-svelte create-astro create-remix create-t3-app create-expo-app create-nx-workspace create-turbo create-vue
nest ember gatsby remix docusaurus eleventy pm2 ts-jest ts-prune json-server tsc-watch npm pnpm yarn corepack
kill-port fkill-cli cdk
`;

/** npm scopes held by the projects that publish under them. */
const JS_SCOPES = `
@biomejs @angular @nestjs @playwright @storybook @vue @sveltejs @tailwindcss @changesets @prisma @aws-cdk @vercel
@cloudflare @google-cloud @azure @graphql-codegen @openapitools @redocly @11ty @astrojs @remix-run @nrwl @nx @swc
@babel @typescript-eslint @eslint @modelcontextprotocol @anthropic-ai @microsoft @vitejs @vitest @expo @react-native
@react-native-community @ionic @capacitor @nuxt @netlify @sentry @datadog @stripe @supabase @firebase @octokit
@vscode
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

/** Libraries installed by name every day (`npm i react`, `npm i -D @types/node`), beside the tools above. */
const JS_LIBRARIES = `
react react-dom vue svelte lodash express axios zod dayjs date-fns uuid dotenv cors body-parser jsonwebtoken bcrypt
mongoose pg mysql2 redis ioredis socket.io ws commander chalk yargs inquirer ora debug winston pino fastify koa rxjs
immer redux react-router react-router-dom autoprefixer sass less eslint-config-prettier eslint-plugin-react
eslint-plugin-react-hooks typescript-eslint nock supertest sinon chai msw jsdom happy-dom node-fetch undici graphql
sharp multer nodemailer stripe openai three d3 chart.js moment classnames clsx styled-components framer-motion
bootstrap jquery @types/node
`;
/** Scopes of libraries (`@types/*` is DefinitelyTyped's), added to the tool scopes above for installs. */
const JS_LIBRARY_SCOPES =
  "@types @testing-library @reduxjs @emotion @mui @apollo @tanstack @trpc @radix-ui @headlessui";

/** Crates and Go modules every project of their language uses, and the tools installed with them. */
const RUST = `
serde serde_json serde_yaml tokio anyhow thiserror clap reqwest rand regex log env_logger tracing tracing-subscriber
chrono uuid itertools once_cell lazy_static futures async-trait axum hyper sqlx diesel rayon bytes base64 sha2
criterion proptest tempfile walkdir toml ripgrep cargo-edit cargo-watch cargo-nextest cargo-audit just bat fd-find
`;
const GO = `
github.com/stretchr/testify github.com/spf13/cobra github.com/spf13/viper github.com/gin-gonic/gin
github.com/gorilla/mux github.com/google/uuid github.com/sirupsen/logrus go.uber.org/zap github.com/pkg/errors
google.golang.org/grpc google.golang.org/protobuf github.com/labstack/echo github.com/go-chi/chi github.com/jackc/pgx
gorm.io/gorm github.com/lib/pq github.com/redis/go-redis github.com/aws/aws-sdk-go-v2
github.com/prometheus/client_golang github.com/golangci/golangci-lint honnef.co/go/tools github.com/air-verse/air
github.com/go-delve/delve mvdan.cc/gofumpt github.com/mattn/go-sqlite3 github.com/urfave/cli github.com/joho/godotenv
github.com/golang-jwt/jwt k8s.io/client-go golang.org/x
`;
const RUBY = "rails rake rspec bundler rubocop pry puma sinatra nokogiri minitest irb solargraph";

/** This project's own bin, run from the project's install (`npx rules test`); never a package to install by that name. */
const OWN_BINS = "rules rulegate";

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter((w) => w !== ""));
const JS: ReadonlySet<string> = words(JS_TOOLS);
const OWN: ReadonlySet<string> = words(OWN_BINS);
const SCOPES: ReadonlySet<string> = words(JS_SCOPES);
const PY: ReadonlySet<string> = words(PY_TOOLS);

export type Ecosystem = "js" | "python" | "rust" | "go" | "ruby";

/** Whether a runner fetching this package (or command) name fetches a tool everybody knows. */
export function wellKnownPackage(name: string, ecosystem: Ecosystem): boolean {
  if (ecosystem === "python") return PY.has(name.toLowerCase().replaceAll("_", "-"));
  const scope = /^(@[^/\s]+)\/[^/\s]+$/.exec(name);
  if (scope !== null) return SCOPES.has(scope[1]!.toLowerCase());
  return JS.has(name) || OWN.has(name);
}

/** This project's own launcher names (`rules`): run from the install, so never pinned to a version of a package. */
export function ownBin(name: string): boolean {
  return OWN.has(name);
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alternation = (names: readonly string[]): string => names.map(escape).join("|");

/**
 * A regular expression alternation of the well-known package names of an ecosystem, for the install rules of the
 * package tables (docs/adr/0373): tools and libraries, scoped npm names of a held scope, a Go module with any
 * subpackage (`github.com/spf13/cobra/cobra`).
 */
export function wellKnownNames(ecosystem: Ecosystem): string {
  switch (ecosystem) {
    case "js": {
      const scopes = [...SCOPES, ...words(JS_LIBRARY_SCOPES)].map((x) => `${escape(x)}\\/[^\\s@/]+`);
      return [alternation([...JS, ...words(JS_LIBRARIES)]), ...scopes].join("|");
    }
    case "python":
      return alternation([...PY]);
    case "rust":
      return alternation([...words(RUST)]);
    case "go":
      return [...words(GO)].map((m) => `${escape(m)}(?:\\/[^\\s@]*)?`).join("|");
    case "ruby":
      return alternation([...words(RUBY)]);
  }
}

/**
 * A version, a range or a dist-tag after a package's `@`, as regex source: no `:` or `/`, so no alias (`x@npm:y`),
 * address (`x@github:o/r`) or path (`x@/tmp/y`). Runners and the package knowledge read pins with it (ADR 0788).
 */
export const PLAIN_VERSION = "[\\w.^~<>=*+| -]+";
