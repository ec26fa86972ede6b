// Stops `npm install` and `npm start` at once on a Node older than the one examkit needs.
// Written in old JavaScript (var, no optional chaining) so that any Node can read it.
'use strict';

var REQUIRED = [22, 12, 0];

/** Whether a version string like "v20.11.1" is at least 22.12. */
function isSupported(version) {
  var parts = String(version).replace(/^v/, '').split('.');
  for (var i = 0; i < REQUIRED.length; i++) {
    var n = parseInt(parts[i] || '0', 10) || 0;
    if (n > REQUIRED[i]) return true;
    if (n < REQUIRED[i]) return false;
  }
  return true;
}

/** The one line shown on an old Node, or null when the version is fine. */
function problem(version) {
  if (isSupported(version)) return null;
  return (
    'examkit 需要 Node.js 22.12 或更高版本（推荐 Node 24 LTS），当前为 ' +
    version +
    '。请从 https://nodejs.org 安装，或运行 nvm install 24 && nvm use 24 后重试。'
  );
}

module.exports = { isSupported: isSupported, problem: problem };

if (require.main === module) {
  var line = problem(process.version);
  if (line) {
    console.error(line);
    process.exit(1);
  }
}
