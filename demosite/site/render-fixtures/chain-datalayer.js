window.pdl = { articleId: "from-the-chain" };
