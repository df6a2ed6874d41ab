import sys

from tools.web import main

sys.exit(main())
