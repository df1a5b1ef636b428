/// <reference types="unplugin-retromodel/client" />
