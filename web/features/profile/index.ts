// What other features may use from the profile feature: nothing yet (its page loads by path).
export {};
