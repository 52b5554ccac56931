// What other features may use from the password-reset feature: nothing yet (its pages load by path).
export {};
