// Load order 2: the program imports stuntdouble before nock.
import { createFakes } from 'stuntdouble';
import nock from 'nock';
import { besideNock } from './beside-nock.js';

besideNock('stuntdouble imported first', nock, createFakes);
