from tools.abuse.run import main

raise SystemExit(main())
