// What other features may use from the signup feature: nothing yet (its pages load by path).
export {};
