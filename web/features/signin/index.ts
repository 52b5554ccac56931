// What other features may use from the signin feature: nothing yet (its pages load by path).
export {};
