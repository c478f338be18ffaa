// Load order 1: the program imports nock before stuntdouble.
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { besideNock } from './beside-nock.js';

besideNock('nock imported first', nock, createFakes);
