// What other features may use from the auth-callback feature: nothing yet (its pages load by path).
export {};
