#!/usr/bin/env node
import '../dist/mecha.js'
