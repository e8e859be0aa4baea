HandbookSearch.register("en-text-13", {"first":170,"texts":[
"The 33 best practices for mobile application accessibility, grouped by principle and category.",
"Every numbered section of the guide's chapters 6 to 16, where the Android and iOS templates show the practices in code.",
"The practices follow the principles of the Web Content Accessibility Guidelines.",
"Every practice, section and page by title, and the terms and API names the pages use, with links to those pages.",
"How much of the handbook each language has, and what still needs a translator.",
"Every best practice and every section of this handbook on one page, for reading offline, printing or saving as a PDF.",
"Check an app against the 33 best practices. Tick each practice when you have checked it, record whether the app passes, and add notes. Your answers stay in this browser only."
]});
