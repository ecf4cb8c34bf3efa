import { inject } from 'vitest'; console.log(typeof inject); try { console.log(inject('x')) } catch (e) { console.log('throws', e.message) }
