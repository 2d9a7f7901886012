import { contextBridge, ipcRenderer } from 'electron';
import { exposeApi } from './bridge';

exposeApi({ contextBridge, ipcRenderer });
