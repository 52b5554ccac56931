// What other features may use from the home feature: nothing yet (its pages load by path).
export {};
