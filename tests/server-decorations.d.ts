// The server's decorations of Fastify (app.db, ...) are declared beside the plugins that add them. Checked from their
// declarations (tsc -b), a test sees one only if its plugin's file is in the program: this brings in those the tests
// use.
import '../server/plugins/database';
import '../server/modules/mail/plugin';
