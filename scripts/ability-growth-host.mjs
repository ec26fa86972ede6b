// {host} of the AbilityGrowth sub-application for the reference app, `npm start` and the browser
// tests: examples/ability-growth served on its own port (`npm run preview -w
// @examkit/example-ability-growth`). ABILITY_GROWTH_HOST points the build and the server elsewhere.
export const ABILITY_GROWTH_HOST = process.env.ABILITY_GROWTH_HOST ?? 'http://127.0.0.1:4610/';
