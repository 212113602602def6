// Nest reads decorator metadata through the global Reflect API.
import 'reflect-metadata';
