// Jest cannot parse CSS; components import stylesheets for Vite only.
module.exports = {};
