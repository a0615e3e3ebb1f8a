// The Fluent components the host's first paint draws anyway, shared with the remotes by their files.
//
// Each app tree-shakes its own Fluent components (sharing `@fluentui/react-components` whole would
// put all of it on the page), so every remote carried again the button, message bar, skeleton,
// spinner and text the host had already loaded: 17.5 KB gzip more on /admin-dashboard, 10–18 KB on
// each remote page. These components are shared one file each, as Fluent's own packages import
// them (`@fluentui/react-button`'s index imports "./Button.js"): a share key is the file's path
// inside its package, matched wherever a bundle reaches it (`allowNodeModulesSuffixMatch`, as for
// the token names). The rest of each package stays tree-shaken per app.
//
// Only files the host's start-up runs belong here: it consumes them before its first paint, so
// sharing them puts nothing new on any page but their keys (host/webpack.config.js packs them into
// the start-up chunk; a file the host used only later would join its first paint that way). The
// federation-singletons e2e fails when the host has not loaded a listed file on the pages it opens.
// Every remote keeps its own copy as the fallback, so it still runs on a host without these shares;
// the skew gate refuses such a release all the same (a new file here is a host release first).
const fs = require('node:fs');
const path = require('node:path');

/**
 * Per package: the files of its `lib/` folder shared. A file is shared where every import of the
 * code reaches it: Button's own files, which ToggleButton, MenuButton and SplitButton import
 * directly (sharing `lib/Button.js` alone would leave a second copy of Button's styles beside
 * them), and the Text component's folder, which the typography presets (Body1, Caption1, …, each a
 * few lines of styles, left to each app) import. Each share key costs every page about 0.13 KB
 * gzip (in the host's entry and each remote's), so a context file is shared only where a component
 * that is not shared provides it: ButtonContext (Tree and the toolbars size their buttons with it);
 * the message bar's and skeleton's contexts are provided by the shared components themselves, and
 * nothing in Fluent provides the spinner's.
 */
const fluentComponentFiles = {
  '@fluentui/react-button': [
    'components/Button/Button.js',
    'components/Button/renderButton.js',
    'components/Button/useButton.js',
    'components/Button/useButtonStyles.styles.js',
    'contexts/ButtonContext.js',
  ],
  '@fluentui/react-message-bar': ['MessageBar.js', 'MessageBarActions.js', 'MessageBarBody.js', 'MessageBarTitle.js'],
  '@fluentui/react-skeleton': ['Skeleton.js', 'SkeletonItem.js'],
  '@fluentui/react-spinner': ['Spinner.js'],
  '@fluentui/react-text': ['components/Text/index.js'],
  // What every Fluent component's render runs: its slots and JSX runtime, and the icons' factory.
  '@fluentui/react-utilities': [
    'compose/assertSlots.js',
    'compose/getIntrinsicElementProps.js',
    'compose/slot.js',
    'utils/getNativeElementProps.js',
  ],
  '@fluentui/react-icons': ['utils/createFluentIcon.js'],
};

/**
 * Files Fluent reaches by a package's export name rather than by a relative path (a share key
 * matches a bare request as written): the JSX runtime every component's render imports.
 */
const fluentComponentRequests = {
  '@fluentui/react-jsx-runtime/jsx-runtime': { pkg: '@fluentui/react-jsx-runtime', file: 'jsx-runtime.js' },
};

/** Every share key of this file, as the federation runtime names them. */
const fluentComponentShareKeys = [
  ...Object.entries(fluentComponentFiles).flatMap(([pkg, files]) => files.map((file) => `${pkg}/lib/${file}`)),
  ...Object.keys(fluentComponentRequests),
];

/** Where a Fluent package is installed: through @fluentui/react-components, or the app's own dependency. */
function fluentPackageDir(pkg, appDir) {
  const resolveDir = (name, from) => path.dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
  const components = resolveDir('@fluentui/react-components', appDir);
  try {
    return resolveDir(pkg, components);
  } catch {
    return resolveDir(pkg, appDir);
  }
}

/** The share entries for the factory's shared list (key: the file's path inside node_modules, or the request). */
function fluentComponentShares(appDir) {
  const share = (pkg, file) => {
    const dir = fluentPackageDir(pkg, appDir);
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      import: path.join(dir, 'lib', file),
      allowNodeModulesSuffixMatch: true,
    };
  };
  return Object.fromEntries([
    ...Object.entries(fluentComponentFiles).flatMap(([pkg, files]) =>
      files.map((file) => [`${pkg}/lib/${file}`, share(pkg, file)]),
    ),
    ...Object.entries(fluentComponentRequests).map(([request, { pkg, file }]) => [request, share(pkg, file)]),
  ]);
}

module.exports = { fluentComponentShareKeys, fluentComponentShares };
